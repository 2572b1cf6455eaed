-- wrk script: artwork list pages 1-50 with the default sort.
math.randomseed(7)
request = function()
  return wrk.format("GET", string.format("/api/artworks?page=%d&limit=30", math.random(50)))
end
