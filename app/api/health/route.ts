import { checkHealth } from "@/server/domain/health";

// Liveness and database reachability, for the launcher and for operators' probes.
export async function GET() {
  const health = await checkHealth();
  return Response.json(health, { status: health.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
