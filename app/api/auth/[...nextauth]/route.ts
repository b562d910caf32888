import NextAuth from "next-auth";
import { authOptions } from "@/server/auth/auth-options";

type Ctx = { params: Promise<{ nextauth: string[] }> };
const handler = (req: Request, ctx: Ctx) => NextAuth(req as never, ctx as never, authOptions());

export { handler as GET, handler as POST };
