// Values the root middleware puts on every request's context (see app/root.tsx).
import { createContext } from "react-router";
import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";

export const dbContext = createContext<Db>();
/**
 * A database handed in by whoever starts the server (tests give each test its own copy);
 * without one the middleware uses the process-wide connection.
 */
export const dbOverrideContext = createContext<Db | null>(null);
export const userContext = createContext<User | null>(null);
/** The client's IP address as the server saw it (rate limits count per address). */
export const clientAddressContext = createContext<string>("");
/** The CSP nonce server.ts made for this response; empty under `react-router dev`. */
export const nonceContext = createContext<string>("");
