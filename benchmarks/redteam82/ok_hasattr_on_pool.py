"""Duck-typed SWA support for the torch-native decode backend.

Any pool exposing ``translate_loc_from_full_to_swa`` is treated as hybrid; this keeps
the backend independent of concrete pool classes.
"""

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner, scaling: float = 1.0):
        self.scaling = scaling
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self._translate = getattr(self.kv_pool, "translate_loc_from_full_to_swa", None)

    @property
    def is_hybrid_swa(self) -> bool:
        return self._translate is not None

    def _attend(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        scores = torch.matmul(q, k.transpose(-1, -2)) * self.scaling
        return torch.matmul(torch.softmax(scores, dim=-1), v)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc: torch.Tensor):
        if self.is_hybrid_swa:
            return self.kv_pool, self._translate(loc)
        return self.kv_pool, loc
