// A row's problem as a sentence: the column by the name the template gives it, then what is
// wrong ("rows[3].scheduledAt" + "must be in the future" → "Scheduled time: must be in the future.").
const columnNames: Record<string, string> = {
  accounts: "Accounts",
  text: "Text",
  thread: "Thread",
  media: "Media",
  firstComment: "First comment",
  scheduledAt: "Scheduled time",
  queue: "Queue",
  evergreen: "Evergreen",
};

export function rowProblem(issue: { path: string; message: string }): string {
  const column = /^rows\[\d+\]\.([A-Za-z]+)/.exec(issue.path)?.[1];
  const message = issue.message.trim().replace(/\.$/, "");
  const label = column ? (columnNames[column] ?? column) : "This row";
  return `${label}: ${message}.`;
}
