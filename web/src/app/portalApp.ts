/** This web app is the Portal app (spec 2: the app banner and the new-version notice are for it only). */
export const IS_PORTAL_APP = true;
