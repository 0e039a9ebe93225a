import torch


class GeneratedAttnBackend:
    """Caches the full->SWA index tensor so decode can gather without a Python call."""

    def __init__(self, model_runner):
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        mapping = getattr(
            model_runner.token_to_kv_pool_allocator, "full_to_swa_index_mapping", None
        )
        self._full_to_swa = mapping if isinstance(mapping, torch.Tensor) else None

    def forward_decode(self, loc):
        if self._full_to_swa is not None:
            loc = self._full_to_swa[loc].to(torch.int64)
        return self.token_to_kv_pool, loc
