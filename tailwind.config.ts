// Tailwind 4 reads this through `@config` in app/globals.css: content sources and the brand palette.
import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eef6ff",
          100: "#d9eaff",
          500: "#2f6bff",
          600: "#1f54e6",
          700: "#1a44b8",
        },
      },
    },
  },
} satisfies Config;
