import { Injectable, type OnModuleInit } from '@nestjs/common';
import { FREE_TIER_COUNTS_REQUEST } from '@chatexhibit/proto/subjects';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { GetFreeTierCountsUseCase } from './get-free-tier-counts.use-case';

/** Answers payment's questions for an export's free-tier counts on the bus. */
@Injectable()
export class GetFreeTierCountsRequestHandler implements OnModuleInit {
  constructor(
    private readonly requestBus: RequestBus,
    private readonly getFreeTierCounts: GetFreeTierCountsUseCase,
  ) {}

  onModuleInit(): void {
    this.requestBus.handle(FREE_TIER_COUNTS_REQUEST, (request) => this.getFreeTierCounts.execute(request));
  }
}
