class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = allocator.page_size
        self.full_to_swa_index_mapping = getattr(
            self.token_to_kv_pool, "full_to_swa_index_mapping", None
        )
        self.cuda_graph_swa_kv_indices = None
        self.init_cuda_graph_state(self.max_bs)

    def init_cuda_graph_state(self, max_bs: int):
        if self.full_to_swa_index_mapping is not None:
            mapping = self.full_to_swa_index_mapping
            self.cuda_graph_swa_kv_indices = mapping.new_zeros((max_bs * 4 * self.page_size,))

    def forward_decode(self, loc):
        n = loc.numel()
        if self.cuda_graph_swa_kv_indices is None:
            return self.token_to_kv_pool, loc
        buf = self.cuda_graph_swa_kv_indices[:n]
        buf.copy_(self.full_to_swa_index_mapping[loc])
        return self.token_to_kv_pool, buf
