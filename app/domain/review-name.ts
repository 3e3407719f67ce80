/** The name a review shows: name, else first + last, else first, else null (anonymous). Pure. */
export function reviewerName(user: { name: string | null; firstName: string | null; lastName: string | null }): string | null {
  if (user.name?.trim()) return user.name.trim();
  const full = [user.firstName, user.lastName].filter((p) => p?.trim()).join(" ");
  return full || null;
}
