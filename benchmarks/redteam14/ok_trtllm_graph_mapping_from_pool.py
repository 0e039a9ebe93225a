"""TRT-LLM-style backend that captures its own pool's full->SWA mapping tensor for its cuda-graph page tables."""

from typing import Optional

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_context_len = model_runner.model_config.context_len
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # Raw full->swa index mapping for the fused in-graph page-table build;
        # a pool without window layers has no such attribute.
        self._swa_full_to_swa_mapping: Optional[torch.Tensor] = getattr(
            self.token_to_kv_pool, "full_to_swa_index_mapping", None
        )
        self.decode_cuda_graph_metadata = {}

    def init_cuda_graph_state(self, max_bs: int):
        max_num_pages = (self.max_context_len + self.page_size - 1) // self.page_size
        self.decode_cuda_graph_metadata["page_table"] = torch.zeros(
            max_bs, max_num_pages, dtype=torch.int32, device=self.device
        )
        if self._swa_full_to_swa_mapping is not None:
            self.decode_cuda_graph_metadata["swa_page_table"] = torch.zeros_like(
                self.decode_cuda_graph_metadata["page_table"]
            )

    def forward_decode(self, loc):
        mapping = self._swa_full_to_swa_mapping
        if mapping is not None:
            return self.token_to_kv_pool, mapping[loc]
        return self.token_to_kv_pool, loc
