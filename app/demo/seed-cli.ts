// `npm run db:seed`: migrates the database at DATABASE_PATH and fills it with the demo data if
// it is empty. Running it is the request, so it needs no DEMO_DATA=1.
import { closeDb, defaultDatabasePath, getDb } from "~/db/client.server";
import { ensureDemoData } from "./seed.server";

await ensureDemoData(getDb());
closeDb();
console.log(`Demo data is in ${defaultDatabasePath()}`);
