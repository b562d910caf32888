// next-auth 4: email + password (credentials, and a two-factor code when it is on) with JWT
// sessions backed by a row each (UserSession): the JWT carries the row's id (`sid`), and
// session.ts accepts it only while the row is live. Built lazily because the secret comes from
// configuration, which must not be read while `next build` imports routes.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { verifyCredentials } from "../domain/auth/verify-credentials.ts";
import { createUserSession, endSession, SESSION_DAYS } from "../domain/me/user-sessions.ts";
import { env } from "../env.ts";
import { forwardedClientAddress } from "../http/client-address.ts";

let options: NextAuthOptions | undefined;

const header = (headers: Record<string, unknown> | undefined, name: string) => {
  const value = headers?.[name];
  return typeof value === "string" ? value : null;
};

export function authOptions(): NextAuthOptions {
  return (options ??= {
    secret: env().authSecret,
    session: { strategy: "jwt", maxAge: SESSION_DAYS * 24 * 60 * 60 },
    pages: { signIn: "/sign-in" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          code: { label: "Two-factor code", type: "text" },
        },
        // A refusal thrown here (too many attempts, two-factor code required or wrong) reaches the
        // sign-in form as `error`, its message.
        async authorize(credentials, req) {
          if (!credentials) return null;
          const address = forwardedClientAddress(req.headers?.["x-forwarded-for"]);
          const user = await verifyCredentials({ email: credentials.email, password: credentials.password, code: credentials.code, address });
          if (!user) return null;
          const sid = await createUserSession(user.id, { userAgent: header(req.headers, "user-agent"), address });
          return { id: user.id, email: user.email, name: user.name ?? undefined, sid };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.sid = (user as { sid?: string }).sid;
        }
        return token;
      },
      session({ session, token }) {
        if (session.user && token.sub) (session.user as { id?: string }).id = token.sub;
        if (typeof token.sid === "string") (session as { sid?: string }).sid = token.sid;
        return session;
      },
    },
    events: {
      // signing out ends the session's row too, not only the cookie
      async signOut({ token }) {
        if (typeof token?.sid === "string") await endSession(token.sid);
      },
    },
  });
}
