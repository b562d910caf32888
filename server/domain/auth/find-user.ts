import { db } from "../../db.ts";
import { isUuid } from "../ids.ts";

export async function findUserSummary(userId: string) {
  if (!isUuid(userId)) return null;
  return db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, name: true } });
}
