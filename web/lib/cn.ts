import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/**
 * Builds tailwind-merge's tables, which its first call builds (~15 ms on a phone): main.tsx calls
 * this in a task of its own before hydrating a page, so the first render slice that merges classes
 * does not carry it (decision 0307).
 */
export function prepareClassMerge() {
  twMerge('p-0', 'p-1');
}
