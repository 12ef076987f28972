import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { HTTP_LIMITS } from '@chatexhibit/proto/http-limits';
import { UPLOAD_REFUSALS } from '@chatexhibit/proto/upload-refusals';

/**
 * An upload refused for now (its address, its network or the process has all the uploads it
 * takes, or the disk is short): 429 or 503, answered with Retry-After.
 */
export class UploadsBusyError extends HttpException {
  constructor(status: HttpStatus.TOO_MANY_REQUESTS | HttpStatus.SERVICE_UNAVAILABLE, message: string) {
    super({ message }, status);
    this.name = 'UploadsBusyError';
  }
}

/**
 * Counts the uploads this process is receiving, per client address, per network and in all,
 * and turns one more away before its body is read: 429 for an address or a network that has its
 * share, 503 when the process has all it takes.
 */
@Injectable()
export class UploadsInFlight {
  private total = 0;
  private readonly perAddress = new Map<string, number>();
  private readonly perNetwork = new Map<string, number>();

  /** Counts one more upload from `address` in `network`, or throws; call the returned function once, when it is over. */
  admit(address: string, network: string): () => void {
    if ((this.perAddress.get(address) ?? 0) >= HTTP_LIMITS.uploadsInFlightPerAddress)
      throw new UploadsBusyError(HttpStatus.TOO_MANY_REQUESTS, UPLOAD_REFUSALS.busyForAddress);
    if ((this.perNetwork.get(network) ?? 0) >= HTTP_LIMITS.uploadsInFlightPerNetwork)
      throw new UploadsBusyError(HttpStatus.TOO_MANY_REQUESTS, UPLOAD_REFUSALS.busyForNetwork);
    if (this.total >= HTTP_LIMITS.uploadsInFlight)
      throw new UploadsBusyError(HttpStatus.SERVICE_UNAVAILABLE, UPLOAD_REFUSALS.busy);
    this.total++;
    count(this.perAddress, address, +1);
    count(this.perNetwork, network, +1);
    return () => {
      this.total--;
      count(this.perAddress, address, -1);
      count(this.perNetwork, network, -1);
    };
  }
}

function count(counts: Map<string, number>, key: string, change: 1 | -1): void {
  const now = (counts.get(key) ?? 0) + change;
  if (now === 0) counts.delete(key);
  else counts.set(key, now);
}
