// `npm install` runs this (postinstall): the Prisma client the server and CLI import.
import { ensurePrismaClient } from "./prisma-client.ts";

ensurePrismaClient(process.cwd());
