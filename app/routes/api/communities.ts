import { dbContext } from "~/context";
import { communityJson, listCommunities } from "~/services/communities.server";
import type { Route } from "./+types/communities";

/** GET /api/communities: active communities with their pickup points. */
export async function loader({ context }: Route.LoaderArgs) {
  return Response.json(listCommunities(context.get(dbContext)).map(communityJson));
}
