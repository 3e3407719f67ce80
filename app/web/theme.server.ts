import { createCookie } from "react-router";
import { secureCookies } from "~/config.server";
import { THEMES, type Theme } from "~/domain/theme";

// Not HttpOnly-sensitive data, but nothing on the client reads it: the server renders the theme.
export const themeCookie = createCookie("theme", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: secureCookies,
  maxAge: 60 * 60 * 24 * 365,
});

export async function getTheme(request: Request): Promise<Theme> {
  const value = await themeCookie.parse(request.headers.get("Cookie"));
  return THEMES.includes(value) ? value : "system";
}
