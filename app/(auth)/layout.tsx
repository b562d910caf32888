import { PublicPage } from "@/components/shell/public-page";

export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return <PublicPage>{children}</PublicPage>;
}
