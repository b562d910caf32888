// The fixed phrases of the built-in writer, in the languages it knows (English otherwise):
// the hook's promise and the closing call to action.
export type Phrases = {
  hookBody(points: number): string;
  ctaHeading: string;
  ctaBody: string;
  /** A question closing a caption about a topic. */
  topicQuestion: string;
};

const en: Phrases = {
  hookBody: (n) => (n > 1 ? `${n} points worth keeping. Swipe →` : "Swipe →"),
  ctaHeading: "Save this for later",
  ctaBody: "Follow for more like it, and send it to someone who needs it today.",
  topicQuestion: "Which one would you add?",
};

const de: Phrases = {
  hookBody: (n) => (n > 1 ? `${n} Punkte zum Mitnehmen. Wischen →` : "Wischen →"),
  ctaHeading: "Speichern für später",
  ctaBody: "Folgen für mehr davon, und an jemanden schicken, der das heute braucht.",
  topicQuestion: "Was würdest du ergänzen?",
};

const fr: Phrases = {
  hookBody: (n) => (n > 1 ? `${n} points à retenir. Glissez →` : "Glissez →"),
  ctaHeading: "Enregistrez-le pour plus tard",
  ctaBody: "Suivez-nous pour la suite, et envoyez-le à quelqu’un qui en a besoin.",
  topicQuestion: "Que rajouteriez-vous ?",
};

const es: Phrases = {
  hookBody: (n) => (n > 1 ? `${n} puntos para recordar. Desliza →` : "Desliza →"),
  ctaHeading: "Guárdalo para después",
  ctaBody: "Síguenos para ver más y compártelo con quien lo necesite hoy.",
  topicQuestion: "¿Qué añadirías tú?",
};

const table: Record<string, Phrases> = { en, de, fr, es };

export const baseLanguage = (language: string) => language.toLowerCase().split("-")[0]!;

export function phrases(language: string): Phrases {
  return table[baseLanguage(language)] ?? en;
}
