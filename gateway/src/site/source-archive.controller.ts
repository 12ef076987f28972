import { Controller, NotFoundException, Res } from '@nestjs/common';
import type { Response } from 'express';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import { sourceArchiveName } from '@chatexhibit/proto/source-revision';
import { readSourceRevision } from '@chatexhibit/kit/source/source-revision';
import {
  type SourceArchive,
  sourceArchive,
  SourceArchiveUnavailableError,
} from '@chatexhibit/kit/source/source-archive';
import { Route } from '../http/http-route';
import { contentDisposition } from '../results/download-names';

/** GET /api/source: the source code of the running build, so a package's recorded revision can be obtained. */
@Controller()
export class SourceArchiveController {
  private readonly revision = readSourceRevision();
  /** Made once per process: the code does not change while it runs, and git need not run per request. */
  private archive: Promise<SourceArchive> | null = null;

  @Route(HTTP_API.sourceArchive)
  async download(@Res() response: Response): Promise<void> {
    this.archive ??= sourceArchive(this.revision);
    const { bytes } = await this.archive.catch((error: unknown) => {
      this.archive = null;
      if (error instanceof SourceArchiveUnavailableError) throw new NotFoundException(error.message);
      throw error;
    });
    response.set({
      'Content-Type': 'application/gzip',
      'Content-Length': String(bytes.length),
      'Content-Disposition': contentDisposition('attachment', `${sourceArchiveName(this.revision)}.tar.gz`),
    });
    response.end(bytes);
  }
}
