// Tailwind 4 loads this through `@config` in app/globals.css. It holds what is configuration, not
// theme: where classes are found and the breakpoints the dashboard is laid out for. The theme's
// values (palette, surface, the dark mirror) stay CSS-first in globals.css, where plain CSS (the
// focus ring) and the dark theme read them as variables at run time.
import type { Config } from "tailwindcss";

export default {
  // Tailwind also scans the project by itself; these are the folders classes are written in
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: {
    // the layouts are checked at 390 px (phone) and 1440 px (desktop): sm is where forms get two
    // columns, lg where the calendar gets its side panel
    screens: { sm: "40rem", md: "48rem", lg: "64rem", xl: "80rem", "2xl": "96rem" },
  },
  // no plugin: the dashboard styles its forms and prose with utilities, not @tailwindcss/forms or typography
  plugins: [],
} satisfies Config;
