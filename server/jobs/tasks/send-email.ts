import type { Task } from "graphile-worker";
import { sendEmail } from "../../mail/send-email.ts";

export const sendEmailTask: Task = async (payload, helpers) => {
  const { emailId } = payload as { emailId: string };
  await sendEmail(emailId, helpers.job.attempts, helpers.job.max_attempts);
};
