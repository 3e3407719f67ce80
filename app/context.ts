// Values the root middleware puts on every request's context (see app/root.tsx).
import { createContext } from "react-router";
import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";

export const dbContext = createContext<Db>();
export const userContext = createContext<User | null>(null);
/** The CSP nonce server.ts made for this response; empty under `react-router dev`. */
export const nonceContext = createContext<string>("");
