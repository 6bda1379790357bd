/** A VAPID key pair (base64url): the public key as the uncompressed P-256 point, the private key as its scalar d. */
export function vapidKeys(): Promise<{ publicKey: string; privateKey: string }>;
