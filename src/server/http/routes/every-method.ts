/** Every method reaches the /api/ handlers, which answer 405 themselves to those they do not take. */
export const everyMethod = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];
