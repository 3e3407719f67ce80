// Which optional mails a person gets (issue #46). Pure. The unsubscribe link's token is signed on
// the server (services/unsubscribe-token.server.ts).
//
// Order-status mail is mandatory (the terms say so) and never consults these switches. The
// optional mails each have their own switch, under the spec's e-mail switch: a mail goes only
// when both are on. An unsubscribe link turns off its own type's switch and nothing else.
/** The optional mails, each with its own column on users. */
export const OPTIONAL_MAILS = ["deadlineReminder", "weeklyDigest"] as const;
export type OptionalMail = (typeof OPTIONAL_MAILS)[number];

export interface MailSwitches {
  emailNotifications: boolean;
  mailDeadlineReminder: boolean;
  mailWeeklyDigest: boolean;
}

/** The users column of each optional mail's switch. */
export const SWITCH_OF: Record<OptionalMail, "mailDeadlineReminder" | "mailWeeklyDigest"> = {
  deadlineReminder: "mailDeadlineReminder",
  weeklyDigest: "mailWeeklyDigest",
};

export function wantsMail(person: MailSwitches, type: OptionalMail): boolean {
  return person.emailNotifications && person[SWITCH_OF[type]];
}

export const isOptionalMail = (value: string): value is OptionalMail => (OPTIONAL_MAILS as readonly string[]).includes(value);
