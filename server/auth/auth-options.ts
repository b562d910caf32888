// next-auth 4: email + password (credentials) with JWT sessions. Built lazily because the
// secret comes from configuration, which must not be read while `next build` imports routes.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { verifyCredentials } from "../domain/auth/verify-credentials.ts";
import { env } from "../env.ts";
import { forwardedClientAddress } from "../http/client-address.ts";

let options: NextAuthOptions | undefined;

export function authOptions(): NextAuthOptions {
  return (options ??= {
    secret: env().authSecret,
    session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
    pages: { signIn: "/sign-in" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        // A refusal (too many attempts) thrown here reaches the sign-in form as `error`, its message.
        async authorize(credentials, req) {
          if (!credentials) return null;
          const address = forwardedClientAddress(req.headers?.["x-forwarded-for"]);
          const user = await verifyCredentials({ email: credentials.email, password: credentials.password, address });
          return user ? { id: user.id, email: user.email, name: user.name ?? undefined } : null;
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) token.sub = user.id;
        return token;
      },
      session({ session, token }) {
        if (session.user && token.sub) (session.user as { id?: string }).id = token.sub;
        return session;
      },
    },
  });
}
