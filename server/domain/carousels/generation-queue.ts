// The queue task that generates a carousel, in a module of its own: the worker lists the task
// without loading the renderer (fonts, layout engine: ~120 MB) until the first carousel.
export const GENERATE_CAROUSEL_TASK = "generate-carousel";
