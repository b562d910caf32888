// The fixed phrases of the built-in writer, in the languages it knows (English otherwise).
export type Phrases = {
  hookBody(ideas: number): string;
  ctaHeading: string;
  ctaBody: string;
  keyTerm(n: number): string;
  topicCaption(topic: string): string;
  topicAngles(topic: string): { heading: string; body: string }[];
};

const en: Phrases = {
  hookBody: (n) => (n > 0 ? `${n} ideas, one per slide. Swipe →` : "Swipe →"),
  ctaHeading: "Found this useful?",
  ctaBody: "Save it for later and follow for more like this.",
  keyTerm: (n) => `Key point ${n}`,
  topicCaption: (t) => `Everything worth knowing about ${t}, slide by slide.`,
  topicAngles: (t) => [
    { heading: `Why ${t} matters`, body: `Start with the reason: what changes for you once ${t} works.` },
    { heading: "Begin with the basics", body: `Learn the two or three ideas everything else in ${t} builds on.` },
    { heading: "Avoid the classic mistake", body: "Doing everything at once. Pick one step and finish it." },
    { heading: "Make it a habit", body: "Small, regular steps beat rare big pushes." },
    { heading: "Measure what counts", body: "Choose one number that shows progress and check it weekly." },
    { heading: "Learn from others", body: `Find people further along with ${t} and study what they repeat.` },
    { heading: "Keep it simple", body: "If a step needs a manual, it is too complicated for now." },
    { heading: "Review and adjust", body: "Every month: keep what worked, drop what did not." },
  ],
};

const de: Phrases = {
  hookBody: (n) => (n > 0 ? `${n} Ideen, eine pro Folie. Wischen →` : "Wischen →"),
  ctaHeading: "War das hilfreich?",
  ctaBody: "Speichern und für mehr davon folgen.",
  keyTerm: (n) => `Kernpunkt ${n}`,
  topicCaption: (t) => `Das Wichtigste zu ${t}, Folie für Folie.`,
  topicAngles: (t) => [
    { heading: `Warum ${t} zählt`, body: `Zuerst der Grund: Was sich ändert, wenn ${t} funktioniert.` },
    { heading: "Mit den Grundlagen beginnen", body: `Die zwei, drei Ideen, auf denen ${t} aufbaut.` },
    { heading: "Den typischen Fehler vermeiden", body: "Alles auf einmal. Einen Schritt wählen und abschließen." },
    { heading: "Zur Gewohnheit machen", body: "Kleine, regelmäßige Schritte schlagen seltene große." },
    { heading: "Messen, was zählt", body: "Eine Zahl wählen, die Fortschritt zeigt, und wöchentlich prüfen." },
    { heading: "Von anderen lernen", body: `Wer ist bei ${t} weiter? Schau, was sie wiederholen.` },
    { heading: "Einfach bleiben", body: "Braucht ein Schritt eine Anleitung, ist er noch zu kompliziert." },
    { heading: "Prüfen und anpassen", body: "Jeden Monat: Behalten, was wirkt, streichen, was nicht wirkt." },
  ],
};

const fr: Phrases = {
  hookBody: (n) => (n > 0 ? `${n} idées, une par slide. Glissez →` : "Glissez →"),
  ctaHeading: "Utile ?",
  ctaBody: "Enregistrez-le et suivez-nous pour la suite.",
  keyTerm: (n) => `Point clé ${n}`,
  topicCaption: (t) => `L’essentiel sur ${t}, slide par slide.`,
  topicAngles: (t) => [
    { heading: `Pourquoi ${t} compte`, body: `D’abord la raison : ce qui change quand ${t} fonctionne.` },
    { heading: "Commencer par les bases", body: `Les deux ou trois idées sur lesquelles repose ${t}.` },
    { heading: "Éviter l’erreur classique", body: "Tout faire à la fois. Choisissez une étape et terminez-la." },
    { heading: "En faire une habitude", body: "De petits pas réguliers valent mieux que de rares grands efforts." },
    { heading: "Mesurer ce qui compte", body: "Un seul chiffre qui montre le progrès, vérifié chaque semaine." },
    { heading: "Apprendre des autres", body: `Observez ceux qui sont plus avancés sur ${t}.` },
    { heading: "Rester simple", body: "Si une étape demande un manuel, elle est trop compliquée." },
    { heading: "Revoir et ajuster", body: "Chaque mois : garder ce qui marche, abandonner le reste." },
  ],
};

const es: Phrases = {
  hookBody: (n) => (n > 0 ? `${n} ideas, una por diapositiva. Desliza →` : "Desliza →"),
  ctaHeading: "¿Te resultó útil?",
  ctaBody: "Guárdalo y síguenos para ver más.",
  keyTerm: (n) => `Punto clave ${n}`,
  topicCaption: (t) => `Lo esencial sobre ${t}, diapositiva a diapositiva.`,
  topicAngles: (t) => [
    { heading: `Por qué importa ${t}`, body: `Primero el motivo: qué cambia cuando ${t} funciona.` },
    { heading: "Empieza por lo básico", body: `Las dos o tres ideas sobre las que se construye ${t}.` },
    { heading: "Evita el error clásico", body: "Hacerlo todo a la vez. Elige un paso y termínalo." },
    { heading: "Conviértelo en hábito", body: "Pasos pequeños y constantes superan a grandes esfuerzos aislados." },
    { heading: "Mide lo que cuenta", body: "Elige un número que muestre progreso y revísalo cada semana." },
    { heading: "Aprende de otros", body: `Busca a quienes van por delante en ${t} y estudia lo que repiten.` },
    { heading: "Hazlo simple", body: "Si un paso necesita manual, aún es demasiado complicado." },
    { heading: "Revisa y ajusta", body: "Cada mes: conserva lo que funcionó, descarta lo que no." },
  ],
};

const table: Record<string, Phrases> = { en, de, fr, es };

export function phrases(language: string): Phrases {
  return table[language.toLowerCase().split("-")[0]!] ?? en;
}
