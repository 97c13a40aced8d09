// The entry's English sections (src/i18n/index.ts), imported by name from a catalogue as a module of its own
// (`?entry`); their types are the catalogue's, given where they are used.
declare module '*/common.json?entry' {
  export const dialog: unknown;
  export const errors: unknown;
  export const language: unknown;
  export const menu: unknown;
  export const notFound: unknown;
  export const passwordInput: unknown;
  export const routeError: unknown;
  export const shell: unknown;
  export const staffOnly: unknown;
  export const toaster: unknown;
}

declare module '*/accounts.json?entry' {
  export const login: unknown;
  export const loginBanner: unknown;
  export const loginForm: unknown;
}
