// Runs before the first paint. index.html carries the landing page rendered at build time and is served
// for every address; on any other address that markup stays hidden until the app renders the real screen.
if (location.pathname !== "/") document.documentElement.setAttribute("data-other-route", "");
