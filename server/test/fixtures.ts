/** Not a real hash: users inserted by fixtures cannot log in with any password. */
export const argon2Placeholder = '$argon2id$v=19$m=19456,t=2,p=1$fixture$fixture';
