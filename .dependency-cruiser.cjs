// The layers run one way (DESIGN.md "Layout", README "Layers"). `npm run check:layers` (part of
// `npm test`) fails on any import that runs against them.
//
//   routes/, middleware/, root, entry  (doors)
//        -> web/ (HTTP helpers), auth/ (sessions, sign-in flows; may use web/)
//        -> services/ (the business on the database; never HTTP)
//        -> domain/ (pure rules and schemas), db/ (schema, client, migrations)
//   components/ -> domain/          demo/ -> auth/, services/, domain/, db/
//   server.ts, server/ -> domain/, locales/ (the supervisor and worker load the app's build)
//
// Type-only imports are free in widgets: they vanish at build, so a component may name the
// shape of the data a loader gives it.

/** Tests sit beside what they test and may import whatever arranges their case. */
const TESTS = "\\.test\\.tsx?$";
/** Entry points, as path patterns. */
const DOORS = "^app/(routes|middleware)/|^app/(root|entry\\.server|routes)\\.tsx?$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "domain-is-pure",
      comment: "domain/ holds pure rules and schemas, safe in the browser: it imports only domain/.",
      severity: "error",
      from: { path: "^app/domain/", pathNot: TESTS },
      to: { path: "^app/(?!domain/)" },
    },
    {
      name: "domain-is-browser-safe",
      comment: "domain/ runs in the browser too: no Node built-ins, no database or router packages.",
      severity: "error",
      from: { path: "^app/domain/", pathNot: TESTS },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "domain-has-no-database",
      severity: "error",
      from: { path: "^app/domain/", pathNot: TESTS },
      to: { path: "node_modules/(drizzle-orm|better-sqlite3|react-router|@react-router)/" },
    },
    {
      name: "db-is-schema-client-migrations",
      comment: "db/ is the schema, the client and the migrations runner: it may use domain/'s value lists, nothing else of ours.",
      severity: "error",
      from: { path: "^app/db/", pathNot: TESTS },
      to: { path: "^app/(?!db/|domain/)" },
    },
    {
      name: "services-know-no-http",
      comment: "services/ take ids and values: never a Request, a session, a cookie or a route.",
      severity: "error",
      from: { path: "^app/services/", pathNot: TESTS },
      to: { path: "^app/(auth|web|routes|middleware|components|demo)/|^app/(context|root|entry\\.server|routes)\\.tsx?$" },
    },
    {
      name: "services-use-no-router",
      severity: "error",
      from: { path: "^app/services/", pathNot: TESTS },
      to: { path: "node_modules/(react-router|@react-router|remix-auth[^/]*|remix-i18next)/" },
    },
    {
      name: "web-is-below-auth-and-doors",
      comment: "web/ is plain HTTP helpers: it may use services/, domain/, db/ and the request context, never auth/ or a door.",
      severity: "error",
      from: { path: "^app/web/", pathNot: TESTS },
      to: { path: "^app/(auth|routes|middleware|components|demo)/|^app/(root|entry\\.server|routes)\\.tsx?$" },
    },
    {
      name: "auth-is-below-doors",
      severity: "error",
      from: { path: "^app/auth/", pathNot: TESTS },
      to: { path: "^app/(routes|middleware|components|demo)/|^app/(root|entry\\.server|routes)\\.tsx?$" },
    },
    {
      name: "widgets-use-domain",
      comment: "components/ import domain/ (and each other); a type-only import of a loader's data shape is fine.",
      severity: "error",
      from: { path: "^app/components/", pathNot: TESTS },
      to: { path: "^app/(services|auth|web|routes|middleware|db|demo)/|^app/(context|entry\\.server|config\\.server)\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "demo-is-data",
      comment: "demo/ fills a database: it may use auth/ (hashing), services/, domain/ and db/, not HTTP or screens.",
      severity: "error",
      from: { path: "^app/demo/", pathNot: TESTS },
      to: { path: "^app/(routes|middleware|web|components)/|^app/(root|entry\\.server|routes)\\.tsx?$" },
    },
    {
      name: "nothing-imports-a-door",
      comment: "Routes and middleware are entry points; only the route table and the root name them.",
      severity: "error",
      from: { path: "^app/(?!routes/|middleware/|root\\.tsx|entry\\.server\\.tsx)", pathNot: TESTS },
      to: { path: DOORS },
    },
    {
      name: "server-loads-only-the-build",
      comment: "server.ts and server/ load the app through its build; they may share only pure rules and the locale files.",
      severity: "error",
      from: { path: "^(server\\.ts|server/)", pathNot: TESTS },
      to: { path: "^app/(?!domain/|locales/)" },
    },
    {
      name: "no-circular",
      severity: "error",
      from: { path: "^(app|server)", pathNot: TESTS },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(\\.react-router|build|node_modules)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"], extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
