// What the built-in writer knows about the subjects people most often make carousels about.
// Without a language model it can only say specific things it was given, so each subject here
// is a list of concrete points (a heading and the sentence that explains it) and the hashtags
// people search for it. A topic on another subject gets the general playbooks of
// topic-playbooks.ts, and the carousel says so (builtin-writer.ts).
import type { Point } from "./text-points.ts";

export type Subject = { name: string; match: RegExp; hashtags: string[]; hookBody: string; points: Point[] };

export const subjects: Subject[] = [
  {
    name: "golden hour photography",
    match: /\bgolden[\s-]hour\b|\bsunset (photo|pictures?|shots?)|\bsunrise (photo|pictures?|shots?)/i,
    hashtags: ["#GoldenHour", "#PhonePhotography", "#SunsetPhotography"],
    hookBody: "Warm, soft light for about an hour a day. Here is how to use it.",
    points: [
      {
        heading: "Be there early",
        body: "Golden hour is the hour after sunrise and the hour before sunset. Check the exact times in a weather or sun-tracking app, and arrive 20 minutes ahead.",
      },
      {
        heading: "Put the sun behind your subject",
        body: "Backlight draws a warm rim around hair and edges. Side light brings out texture in faces and buildings.",
      },
      {
        heading: "Lower the exposure before you shoot",
        body: "Tap your subject, then drag the sun icon down until the sky keeps its colour. Bright skies blow out first; shadows can be lifted later.",
      },
      {
        heading: "Lock focus and exposure",
        body: "Press and hold on the subject (AE/AF Lock on iPhone, a long tap on most Android cameras) so the camera stops re-metering as you reframe.",
      },
      {
        heading: "Shoot silhouettes on purpose",
        body: "Expose for the sky and let the subject go dark. Clear outlines work best: a profile, raised arms, a bicycle.",
      },
      { heading: "Wipe the lens", body: "A fingerprint turns low sun into milky haze. A quick wipe with a soft cloth gives clean flares instead." },
      { heading: "Use flare as a frame", body: "Hide part of the sun behind your subject's edge for a soft starburst, or let it peek into a corner." },
      {
        heading: "Keep the warmth when you edit",
        body: "Auto white balance tends to cool golden light. Warm it back a little and lower the highlights rather than adding contrast.",
      },
      { heading: "Stay for blue hour", body: "The 20 to 30 minutes after sunset give an even, blue light. City lights and reflections look their best then." },
      {
        heading: "Try both lenses",
        body: "The ultra-wide lens fits the whole sky; the 2× or 3× lens compresses the sun behind a portrait and makes it look larger.",
      },
    ],
  },
  {
    name: "phone photography",
    match:
      /\b(phone|iphone|android|smartphone|mobile) (photo|photos|photography|pictures?|camera)\b|\bphoto(s|graphy)? (on|with) (your|a) (phone|iphone|smartphone)\b/i,
    hashtags: ["#PhonePhotography", "#MobilePhotography", "#PhotographyTips"],
    hookBody: "Better photos with the camera you already carry.",
    points: [
      { heading: "Clean the lens first", body: "Phones live in pockets; a smudged lens makes every photo hazy. Wipe it before you shoot." },
      { heading: "Turn on the grid", body: "Place the subject on a third line, and keep the horizon straight on a grid line." },
      { heading: "Tap to focus, slide to expose", body: "Tap the subject, then adjust brightness with the exposure slider instead of editing it later." },
      { heading: "Move closer instead of zooming", body: "Digital zoom crops and loses detail. Walk closer, or switch to the phone's telephoto lens." },
      { heading: "Face the light", body: "Stand with a window or the sky behind you, not behind your subject. Soft window light flatters faces." },
      {
        heading: "Hold it steady in low light",
        body: "Brace your elbows or lean on something, and use the 3-second timer so the tap does not shake the shot.",
      },
      { heading: "Use burst for movement", body: "Hold the shutter (or slide it left) for a burst, then keep the frame where everything is sharp." },
      { heading: "Shoot RAW when you plan to edit", body: "ProRAW or RAW keeps far more detail in the highlights and shadows than a JPEG or HEIC." },
      { heading: "Edit lightly", body: "Straighten, crop, lift the shadows a little. Heavy filters date fast and hide the photo." },
    ],
  },
  {
    name: "productivity",
    match: /\b(productiv\w*|time management|procrastinat\w*|focus(ed)? work|deep work|get(ting)? more done|to-?do lists?)\b/i,
    hashtags: ["#Productivity", "#TimeManagement", "#DeepWork"],
    hookBody: "Less rushing, more finished work.",
    points: [
      { heading: "Pick one most important task", body: "Decide tonight which single task would make tomorrow a good day, and do it first." },
      { heading: "Block time in your calendar", body: "Give important work a meeting with yourself. Tasks without a time slot drift to next week." },
      { heading: "Work in 25-minute sprints", body: "Focus for 25 minutes, rest for 5 (the Pomodoro technique). After four rounds, take a longer break." },
      { heading: "Use the two-minute rule", body: "If something takes less than two minutes, do it now; writing it down takes longer." },
      { heading: "Batch email and messages", body: "Check them at two or three set times a day instead of whenever they arrive." },
      { heading: "Silence notifications while you focus", body: "Every interruption costs minutes of refocusing. Use Do Not Disturb and close the chat tab." },
      { heading: "Plan with buffers", body: "Tasks take longer than planned. Leave a third of the day unscheduled for what comes up." },
      { heading: "Review your week on Friday", body: "Fifteen minutes: what got done, what moves to next week, what you will say no to." },
    ],
  },
  {
    name: "LinkedIn posts",
    match: /\blinked ?in\b/i,
    hashtags: ["#LinkedInTips", "#PersonalBranding", "#ContentCreation"],
    hookBody: "What makes people stop scrolling, and reply.",
    points: [
      { heading: "Win the first two lines", body: "Only about two lines show before “…see more”. Put the surprising claim or the result there." },
      { heading: "Write short paragraphs", body: "One or two sentences each, with white space between. Walls of text get skipped on a phone." },
      { heading: "Tell one story or lesson per post", body: "A post that tries to say five things says none of them well." },
      { heading: "Post documents as carousels", body: "A PDF of slides keeps people swiping, and each slide is a chance to make one point." },
      { heading: "Answer comments in the first hour", body: "Early replies start conversations, and conversations show your post to more people." },
      { heading: "End with a question", body: "Ask something easy to answer from experience. People comment when they know the answer." },
      { heading: "Use three hashtags at most", body: "Choose the ones your audience follows; a long row of tags looks like spam." },
      { heading: "Post on a steady schedule", body: "Two or three posts a week at similar times train your audience to look for you." },
      { heading: "Comment before you post", body: "Thoughtful comments on others' posts bring people to your profile; spend ten minutes a day on them." },
    ],
  },
  {
    name: "email newsletters",
    match: /\b(newsletters?|email (list|marketing|campaigns?)|subscribers?)\b/i,
    hashtags: ["#Newsletter", "#EmailMarketing", "#ContentMarketing"],
    hookBody: "Emails people open, read and answer.",
    points: [
      { heading: "Send on a fixed day", body: "Readers look forward to what arrives on time. Pick a day and time you can keep." },
      { heading: "Keep subject lines short", body: "Around 40 characters shows in full on a phone. Say what is inside, not a teaser." },
      { heading: "Write the preview text", body: "The line after the subject in the inbox is free space. Use it to finish the thought." },
      { heading: "One main link per issue", body: "One clear next step gets more clicks than ten equal ones." },
      {
        heading: "Welcome new subscribers at once",
        body: "An automatic welcome email, sent while they remember signing up, is the most opened email you will send.",
      },
      { heading: "Measure clicks and replies", body: "Apple Mail's privacy protection inflates open rates; clicks and replies show real interest." },
      {
        heading: "Remove inactive readers",
        body: "Ask people who have not opened in six months whether to stay, then remove the rest. Deliverability improves.",
      },
      { heading: "Ask readers to reply", body: "Replies tell you what to write next, and they tell inbox providers your emails are wanted." },
    ],
  },
  {
    name: "public speaking",
    match: /\b(public speaking|presentations?|keynotes?|talks? on stage|giving a talk|pitch(es|ing)? (to|on stage))\b/i,
    hashtags: ["#PublicSpeaking", "#Presentations", "#Communication"],
    hookBody: "Talks people remember, with less stage fright.",
    points: [
      { heading: "Know your one message", body: "If the audience remembers one sentence, which one? Build every part of the talk around it." },
      { heading: "Open with a story or a question", body: "Skip the agenda slide. The first 30 seconds decide whether people listen." },
      { heading: "Rehearse out loud three times", body: "Reading notes silently is not practice. Say it aloud, standing, and time it." },
      { heading: "Slow down and pause", body: "Nerves make everyone speak fast. A two-second pause after a key point lets it land." },
      { heading: "One idea per slide", body: "Few words, large type, one picture. The slides support you; they are not your script." },
      { heading: "Talk to one person at a time", body: "Finish a sentence looking at one listener, then move to another part of the room." },
      { heading: "Breathe out slowly before you start", body: "A long exhale calms the body. Breathe in for four counts, out for six, three times." },
      { heading: "End with what to do next", body: "Close on your message and one concrete action, not on “Any questions?”." },
      { heading: "Record yourself", body: "Watch one rehearsal on video. You will spot filler words and habits no one else mentions." },
    ],
  },
  {
    name: "sleep",
    match: /\b(sleep\w*|insomnia|bedtime)\b/i,
    hashtags: ["#BetterSleep", "#SleepTips", "#Wellbeing"],
    hookBody: "Small changes that help you fall asleep and wake up rested.",
    points: [
      { heading: "Wake up at the same time every day", body: "A fixed wake-up time, weekends included, sets your body clock more than a fixed bedtime does." },
      { heading: "Get daylight in the morning", body: "Ten minutes outside soon after waking tells your body clock when the day starts." },
      { heading: "Stop caffeine by early afternoon", body: "Caffeine stays in the body for hours; a 4 pm coffee is still working at bedtime." },
      { heading: "Keep the bedroom cool and dark", body: "Around 18 °C, curtains that block light, and no glowing screens help you stay asleep." },
      { heading: "Dim screens an hour before bed", body: "Bright light late in the evening delays sleepiness. Lower the brightness or read on paper." },
      { heading: "Go easy on alcohol at night", body: "It makes you drowsy but breaks up sleep in the second half of the night." },
      { heading: "Get up if you cannot sleep", body: "After about 20 minutes awake, do something quiet in dim light and return when sleepy." },
      { heading: "Keep naps short and early", body: "Twenty minutes before 3 pm refreshes without stealing the night's sleep." },
    ],
  },
  {
    name: "saving money",
    match: /\b(sav(e|ing) money|budget\w*|personal finance|emergency fund|spending|frugal\w*|debt)\b/i,
    hashtags: ["#PersonalFinance", "#Budgeting", "#SavingMoney"],
    hookBody: "Simple money habits that add up.",
    points: [
      { heading: "Pay yourself first", body: "Move savings to a separate account automatically on payday, before you can spend it." },
      { heading: "Track a month of spending", body: "Write down every purchase for 30 days. Most people find one category they underestimated." },
      { heading: "Try the 50/30/20 split", body: "About half for needs, 30% for wants, 20% for savings and debt. Adjust it, but start with a plan." },
      { heading: "Build an emergency fund", body: "Aim for three to six months of essential expenses, kept apart from everyday money." },
      { heading: "Wait 24 hours before buying", body: "For anything not planned, sleep on it. Many purchases do not survive the night." },
      { heading: "Cancel unused subscriptions", body: "Go through your statements once a quarter and cancel what you have not used in a month." },
      { heading: "Pay off the costliest debt first", body: "Extra payments on the highest interest rate save the most money over time." },
      {
        heading: "Compare your bills every year",
        body: "Insurance, phone and energy prices creep up for loyal customers. A yearly check often saves more than cutting coffee.",
      },
    ],
  },
  {
    name: "cold email",
    match: /\bcold (e-?mails?|outreach)\b|\boutbound (sales|e-?mails?)\b/i,
    hashtags: ["#ColdEmail", "#SalesTips", "#Outreach"],
    hookBody: "Emails strangers actually answer.",
    points: [
      { heading: "Keep it under 100 words", body: "A cold email is read on a phone in seconds. Say who you are, why them, and what you ask." },
      { heading: "Make the first line about them", body: "Mention something specific: a post they wrote, a product launch, a job opening." },
      { heading: "Ask for one small thing", body: "A reply or a 15-minute call, not a demo and a trial and a meeting." },
      { heading: "Write a plain subject line", body: "Three or four words that could come from a colleague. Clickbait gets deleted." },
      { heading: "Offer something useful first", body: "An observation, a benchmark, an idea for their problem: give a reason to answer." },
      { heading: "Follow up two or three times", body: "Many replies come after a follow-up. Space them a few days apart and add something new each time." },
      { heading: "Protect your sending domain", body: "Set up SPF, DKIM and DMARC, and send a few emails a day from a new domain before sending more." },
      { heading: "Test one change at a time", body: "Change the subject line or the ask, not both, and compare reply rates, not opens." },
    ],
  },
];

/** The subject a topic is about, if the writer knows it. */
export function subjectOf(topic: string): Subject | undefined {
  return subjects.find((s) => s.match.test(topic));
}
