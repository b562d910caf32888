// Tags of the API reference, in display order.
export const tags = [
  { name: "Workspaces", description: "The workspace an API key is bound to." },
  { name: "Accounts", description: "Connected social accounts and what each can do." },
  { name: "Connect links", description: "Links that let someone without a login (a client) connect an account into the workspace." },
  { name: "Media", description: "The workspace's media library: reserve, upload, confirm, list." },
  { name: "Publishing", description: "Publish text now, or media as durable jobs; follow jobs to their outcome." },
  { name: "Posts", description: "Published posts and their metrics, as synchronized from the platforms; reposts." },
  { name: "Drafts", description: "Compositions saved without publishing, to finish, publish or schedule later." },
  { name: "Scheduling", description: "Schedule posts for later, list them, cancel them before they start." },
  { name: "Comments", description: "Threads of internal notes on post groups and drafts, with mentions of members; clients' decisions through review links." },
  { name: "Approvals", description: "Post groups that wait for an editor's approval before anything is scheduled or published." },
  { name: "Review links", description: "Pages that show post groups to a client without a login, who approves them or asks for changes." },
  { name: "Queue", description: "Weekly posting slots per account, and the queue of posts that fill them." },
  { name: "Imports", description: "Many posts at once from a CSV or JSON file: checked whole, then each row a post group." },
  { name: "Feeds", description: "RSS and Atom feeds whose new items become drafts or queued posts, each once." },
  { name: "Carousels", description: "Image carousels generated from a topic, a text or a link, rendered into the media library." },
  { name: "Webhooks", description: "Events of the workspace sent to your endpoints, signed as Standard Webhooks says; their deliveries." },
  { name: "Audit log", description: "Every write to the workspace, by whom, through which door and from where; reads are not recorded." },
  { name: "Reference", description: "The machine-readable description of this API." },
] as const;

export type TagName = (typeof tags)[number]["name"];
