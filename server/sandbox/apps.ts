// The developer apps the sandbox knows. On a real platform a developer creates an app and gets an
// id and a secret; the sandbox stands for every app at once: any client id is an app, and its
// secret is SANDBOX_APP_SECRET (server/platforms/config.ts uses it by default in sandbox mode).
// Calls made with app credentials alone (client-credentials tokens) refuse any other secret, as
// the platforms do, so `platforms check` can be tested against a wrong secret.
export const SANDBOX_APP_SECRET = "sandbox-secret";

export function appSecretMatches(clientId: string | undefined, secret: string | undefined): boolean {
  return Boolean(clientId) && secret === SANDBOX_APP_SECRET;
}
