// `npm run db:seed`: migrates the database at DATABASE_PATH and fills it if it is empty.
import { closeDb, defaultDatabasePath, getDb } from "./client.server";
import { ensureDemoData } from "./seed.server";

await ensureDemoData(getDb());
closeDb();
console.log(`Demo data is in ${defaultDatabasePath()}`);
