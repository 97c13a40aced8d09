/**
 * One phone rule for every number a person types, at home or abroad ("09121234567", "+98 912 345 6789",
 * "+1 (212) 555-0100"): the server's PHONE_SOURCE (domain/shared/phone.py), word for word (a test compares them).
 */
export const PHONE_PATTERN = /^\+?\(?[0-9](?:[ ().-]{0,2}[0-9]){6,14}$/;
