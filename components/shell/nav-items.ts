export const navItems = [
  { href: "/compose", label: "Compose" },
  { href: "/calendar", label: "Calendar" },
  { href: "/import", label: "Import" },
  { href: "/queue", label: "Queue" },
  { href: "/approvals", label: "Approvals" },
  { href: "/posts", label: "Posts" },
  { href: "/media", label: "Media" },
  { href: "/accounts", label: "Accounts" },
  { href: "/carousels", label: "Carousels" },
  { href: "/jobs", label: "Jobs" },
  // shown only to those whose role has the permission (owners and admins)
  { href: "/audit", label: "Audit log", permission: "audit.read" },
  { href: "/settings", label: "Settings" },
  { href: "/api-reference", label: "API reference" },
  { href: "/connect-agent", label: "Connect an agent" },
] as const;
