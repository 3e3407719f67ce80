import type { ReactNode } from "react";

/** Where a name goes in a translated sentence; an invisible separator no translation uses. */
export const NAME_SLOT = "\u2063";

/**
 * A translated sentence with a name from the catalogue (a community, a deal) inside <bdi>: a
 * Hebrew name in an English sentence, or the other way round, keeps its own direction and
 * leaves the sentence's punctuation where it belongs. Translate with `{ community: NAME_SLOT }`.
 */
export function withName(sentence: string, name: string): ReactNode {
  const parts = sentence.split(NAME_SLOT);
  if (parts.length === 1) return sentence;
  return parts.flatMap((part, i) => (i === 0 ? [part] : [<bdi key={i}>{name}</bdi>, part]));
}
