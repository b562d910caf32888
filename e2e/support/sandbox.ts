// What a sandbox platform received: the posts of one profile, read from the sandbox itself.
export type SandboxPost = { text: string; replyTo: string | null; media: unknown[] };

export async function sandboxPosts(provider: string, username: string): Promise<SandboxPost[]> {
  const res = await fetch(`${process.env.E2E_SANDBOX_URL}/_sandbox/posts?provider=${provider}&username=${username}`);
  return (await res.json()).posts;
}
