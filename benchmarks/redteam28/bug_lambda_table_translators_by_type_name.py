"""Backend that picks its index translator from a dict of lambdas keyed by type name."""

import logging
from typing import Callable, Dict

import torch

logger = logging.getLogger(__name__)

Translator = Callable[[object, torch.Tensor], torch.Tensor]

_IDENTITY: Translator = lambda owner, loc: loc

_TRANSLATORS: Dict[str, Translator] = {
    "SWATokenToKVPoolAllocator": lambda owner, loc: owner.translate_loc_from_full_to_swa(loc),
    "PureSWATokenToKVPoolAllocator": lambda owner, loc: owner.translate_loc_from_full_to_swa(loc),
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        kind = type(self.allocator).__name__
        self._translator = _TRANSLATORS.get(kind, _IDENTITY)
        self.page_size = model_runner.page_size
        self.num_kv_heads = model_runner.model_config.get_num_kv_heads(1)
        logger.info(
            "%s: allocator=%s translated=%s",
            type(self).__name__,
            kind,
            self._translator is not _IDENTITY,
        )

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.max_seq_len = int(forward_batch.seq_lens.max())
        self.kv_indptr = torch.zeros(bs + 1, dtype=torch.int32)
        self.kv_indptr[1:] = torch.cumsum(forward_batch.seq_lens, dim=0)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._translator(self.allocator, loc)
