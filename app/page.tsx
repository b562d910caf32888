import { redirect } from "next/navigation";
import { sessionUserId } from "@/server/auth/session";

export const dynamic = "force-dynamic";

export default async function Home() {
  redirect((await sessionUserId()) ? "/compose" : "/sign-in");
}
