/** Numbers of Dutybook's demonstration decisions and certificates start with this, so no one takes them for real ones. */
export const demonstrationPrefix = 'DEMO-';

export const isDemonstration = (number: string): boolean => number.startsWith(demonstrationPrefix);
