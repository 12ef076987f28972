import { HttpException, HttpStatus, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { HTTP_LIMITS } from '@chatexhibit/proto/http-limits';

export const UPLOADS_BUSY = 'The server is busy with other uploads. Please try again in a minute.';
export const UPLOADS_BUSY_FOR_ADDRESS =
  'Too many uploads from this address at once. Please wait for one to finish and try again.';

/**
 * Counts the uploads this process is receiving, per client address and in all, and turns one
 * more away before its body is read: 429 for an address that has its share, 503 when the process
 * has all it takes.
 */
@Injectable()
export class UploadsInFlight {
  private total = 0;
  private readonly perAddress = new Map<string, number>();

  /** Counts one more upload from `address`, or throws; call the returned function once, when it is over. */
  admit(address: string): () => void {
    const mine = this.perAddress.get(address) ?? 0;
    if (mine >= HTTP_LIMITS.uploadsInFlightPerAddress)
      throw new HttpException({ message: UPLOADS_BUSY_FOR_ADDRESS }, HttpStatus.TOO_MANY_REQUESTS);
    if (this.total >= HTTP_LIMITS.uploadsInFlight) throw new ServiceUnavailableException(UPLOADS_BUSY);
    this.total++;
    this.perAddress.set(address, mine + 1);
    return () => {
      this.total--;
      const left = this.perAddress.get(address)! - 1;
      if (left === 0) this.perAddress.delete(address);
      else this.perAddress.set(address, left);
    };
  }
}
