// Who takes care of a request, as the team is now: an owner whose address is no longer in
// TEAM_EMAILS has left, and their requests wait for someone, as those no one took: the inbox's
// « Sans responsable » filter, the daily email and « Je m'en occupe » treat them so
// (docs/inbox.md).

/** The owner's address when it is no longer one of `members`: they left; else null. */
export function departedOwner(owner: string | null, members: readonly string[]): string | null {
  return owner !== null && !members.includes(owner.toLowerCase()) ? owner : null;
}

/** How the inbox names a request's owner who left. */
export const departedText = (owner: string) => `sans responsable (${owner} a quitté l'équipe)`;
