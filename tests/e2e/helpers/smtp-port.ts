/** The port of the SMTP server the mail test starts; the e2e server sends vendor email there. */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3225);
