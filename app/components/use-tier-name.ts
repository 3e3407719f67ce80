// A discount tier's name in the page's language (domain/tier-names.ts): the organiser's own
// name where it reads in that language, else "Level 2" (issue #47: "Current tier: רגיל").
import { useCallback } from "react";
import { tierNameIn } from "~/domain/tier-names";
import { useTranslation } from "./use-translation";

export function useTierName(): (name: string, level: number) => string {
  const { t, i18n } = useTranslation();
  const language = i18n?.language ?? "he";
  return useCallback((name: string, level: number) => tierNameIn(name, language) ?? t("shop.community.tierByLevel.name", { level }), [t, language]);
}
