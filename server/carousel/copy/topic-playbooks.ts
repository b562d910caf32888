// What the built-in writer says about a topic whose subject it knows nothing specific about
// (topic-subjects.ts has the ones it knows). Without a language model it cannot know the topic's
// facts, so it never pretends to: the points come from a playbook chosen by what the topic asks
// for (habits, mistakes, steps, or tips), each a complete piece of general advice, and the
// carousel's warnings say they are general. Sentences are written whole, never stitched around
// the topic.
import type { Point } from "./text-points.ts";
import { baseLanguage } from "./writer-phrases.ts";

export type PlaybookKind = "habits" | "mistakes" | "steps" | "tips";
type Playbook = { hookBody: string; points: Point[] };

const en: Record<PlaybookKind, Playbook> = {
  habits: {
    hookBody: "The small routines behind steady results.",
    points: [
      { heading: "Work on a fixed schedule", body: "Same days, same time. A routine removes the daily decision of whether to start." },
      { heading: "Keep a running idea list", body: "Write ideas down the moment they come. On a blank day you pick one instead of inventing one." },
      { heading: "Batch similar work", body: "Do all the writing in one sitting and all the editing in another. Switching tasks is what eats the hours." },
      { heading: "Ship before it feels ready", body: "Good today beats perfect next month. Quality comes from repetition, not from waiting." },
      { heading: "Reuse what worked", body: "Your best piece deserves a second life in another format. Most people missed it the first time." },
      { heading: "Listen to your audience", body: "Questions and replies are where the next ideas come from. Answer them, and note them down." },
      { heading: "Review once a week", body: "Look at what people saved and shared, not only what they liked, and do more of that." },
      { heading: "Plan your rest", body: "Schedule breaks before you need them. Steady beats intense when intense ends in a burnout." },
      { heading: "Learn in public", body: "Share what you are figuring out, not only what you have figured out. It is more useful to others than you think." },
      { heading: "Compare with last month, not with others", body: "Someone years ahead is not your benchmark. Your own progress is." },
    ],
  },
  mistakes: {
    hookBody: "What trips most people up, and what to do instead.",
    points: [
      { heading: "Starting without a clear goal", body: "Decide what success looks like first. Otherwise every result looks like failure." },
      { heading: "Doing everything at once", body: "Pick one thing, finish it, then add the next. Half-done work teaches you nothing." },
      { heading: "Copying someone else's tactics", body: "Borrow the principle, not the exact move. Their situation is not yours." },
      { heading: "Giving up too early", body: "Most efforts need weeks, not days, to show results. Judge the trend, not a single day." },
      { heading: "Ignoring the numbers", body: "Choose one number that shows progress and check it every week." },
      { heading: "Skipping the basics", body: "Advanced tricks do not fix weak fundamentals. The basics are where the results come from." },
      { heading: "Waiting too long for feedback", body: "Ask early, while changes are still cheap. A rough draft is easier to fix than a finished one." },
      { heading: "Overcomplicating the process", body: "If a step needs a manual, it is too complicated for now. Simple systems survive busy weeks." },
      { heading: "Not writing anything down", body: "What you learn and decide is gone in a month unless it is written somewhere you will look." },
      { heading: "Comparing your start to someone's middle", body: "Measure yourself against last month, not against people years ahead." },
    ],
  },
  steps: {
    hookBody: "A simple path from zero to your first results.",
    points: [
      { heading: "Define what done looks like", body: "Write one sentence that describes the result. It keeps every later decision simple." },
      { heading: "Learn the basics first", body: "Find the two or three ideas everything else builds on, and get those right." },
      { heading: "Start smaller than you think", body: "Pick a first step you can finish today. Momentum matters more than ambition at the start." },
      { heading: "Block time in your calendar", body: "A fixed slot you protect beats good intentions. Put it where nothing else competes." },
      { heading: "Get feedback early", body: "Show unfinished work to someone whose opinion you trust. Fixing early is cheap." },
      { heading: "Measure one thing", body: "Pick the number that shows progress and check it weekly. Ignore the rest for now." },
      { heading: "Fix one thing at a time", body: "Change one variable, watch what happens, then decide. Otherwise you never know what worked." },
      { heading: "Write down what you learn", body: "A short log of what worked and what did not is the best guide you will ever get." },
      { heading: "Learn from people further along", body: "Look at what they repeat, not what they say once. Repetition shows what really works." },
      { heading: "Keep going", body: "Consistency beats intensity. Small steps every week add up to more than rare big pushes." },
    ],
  },
  tips: {
    hookBody: "Practical ideas you can use this week.",
    points: [
      { heading: "Begin with the outcome", body: "Know what you want to change before choosing how. The goal decides the method." },
      { heading: "Keep it simple", body: "The simplest approach that works is the one you will keep using." },
      { heading: "Make it a habit", body: "Small, regular steps beat rare big pushes. Put a fixed slot in your week." },
      { heading: "Measure what counts", body: "Choose one number that shows progress and check it weekly." },
      { heading: "Learn from others", body: "Find people further along and study what they repeat." },
      { heading: "Ask for feedback early", body: "A rough draft is easier to fix than a finished one." },
      { heading: "Write things down", body: "Decisions and lessons you do not record are gone within a month." },
      { heading: "Review and adjust", body: "Every month, keep what worked and drop what did not." },
      { heading: "Protect your focus", body: "One thing at a time, finished, beats five things started." },
      { heading: "Be patient with results", body: "Most things worth doing take weeks to show. Judge the trend, not the day." },
    ],
  },
};

// In the other languages the writer knows, one general playbook.
const general: Record<string, Playbook> = {
  de: {
    hookBody: "Praktische Ideen für diese Woche.",
    points: [
      { heading: "Mit dem Ziel beginnen", body: "Erst klären, was sich ändern soll. Das Ziel bestimmt den Weg." },
      { heading: "Mit den Grundlagen anfangen", body: "Die zwei, drei Ideen finden, auf denen alles andere aufbaut." },
      { heading: "Den typischen Fehler vermeiden", body: "Alles auf einmal. Einen Schritt wählen und abschließen." },
      { heading: "Zur Gewohnheit machen", body: "Kleine, regelmäßige Schritte schlagen seltene große." },
      { heading: "Messen, was zählt", body: "Eine Zahl wählen, die Fortschritt zeigt, und wöchentlich prüfen." },
      { heading: "Von anderen lernen", body: "Wer ist schon weiter? Schau, was diese Leute immer wieder tun." },
      { heading: "Einfach bleiben", body: "Braucht ein Schritt eine Anleitung, ist er noch zu kompliziert." },
      { heading: "Prüfen und anpassen", body: "Jeden Monat: behalten, was wirkt, streichen, was nicht wirkt." },
    ],
  },
  fr: {
    hookBody: "Des idées pratiques à appliquer cette semaine.",
    points: [
      { heading: "Partir de l’objectif", body: "Savoir ce qui doit changer avant de choisir comment. L’objectif décide de la méthode." },
      { heading: "Commencer par les bases", body: "Les deux ou trois idées sur lesquelles tout le reste repose." },
      { heading: "Éviter l’erreur classique", body: "Tout faire à la fois. Choisissez une étape et terminez-la." },
      { heading: "En faire une habitude", body: "De petits pas réguliers valent mieux que de rares grands efforts." },
      { heading: "Mesurer ce qui compte", body: "Un seul chiffre qui montre le progrès, vérifié chaque semaine." },
      { heading: "Apprendre des autres", body: "Observez ce que répètent ceux qui sont plus avancés." },
      { heading: "Rester simple", body: "Si une étape demande un manuel, elle est trop compliquée." },
      { heading: "Revoir et ajuster", body: "Chaque mois : garder ce qui marche, abandonner le reste." },
    ],
  },
  es: {
    hookBody: "Ideas prácticas para usar esta semana.",
    points: [
      { heading: "Empieza por el objetivo", body: "Decide qué quieres cambiar antes de elegir cómo. El objetivo decide el método." },
      { heading: "Domina lo básico", body: "Las dos o tres ideas sobre las que se construye todo lo demás." },
      { heading: "Evita el error clásico", body: "Hacerlo todo a la vez. Elige un paso y termínalo." },
      { heading: "Conviértelo en hábito", body: "Pasos pequeños y constantes superan a grandes esfuerzos aislados." },
      { heading: "Mide lo que cuenta", body: "Elige un número que muestre progreso y revísalo cada semana." },
      { heading: "Aprende de otros", body: "Fíjate en lo que repiten quienes van por delante." },
      { heading: "Hazlo simple", body: "Si un paso necesita manual, aún es demasiado complicado." },
      { heading: "Revisa y ajusta", body: "Cada mes: conserva lo que funcionó, descarta lo que no." },
    ],
  },
};

const KINDS: Array<[PlaybookKind, RegExp]> = [
  ["mistakes", /\b(mistakes?|errors?|pitfalls?|avoid|wrong|fail\w*|traps?)\b/i],
  ["habits", /\b(habits?|routines?|daily|rituals?|consisten\w*)\b/i],
  ["steps", /\b(how to|steps?|guide|start\w*|begin\w*|build\w*|launch\w*|learn\w*|get started)\b/i],
];

/** The general playbook for a topic, by what it asks for. */
export function topicPlan(topic: string, language: string): Playbook {
  const local = general[baseLanguage(language)];
  if (local) return local;
  return en[KINDS.find(([, re]) => re.test(topic))?.[0] ?? "tips"];
}
