/**
 * Below Mantine's sm breakpoint (48em, 768 px) the screen is a phone's: modals and wizards fill the screen, the user
 * menu shows initials, the account tree lives in the drawer (decision 0055).
 */
export const PHONE_QUERY = '(max-width: 47.99em)';
