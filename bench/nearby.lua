-- wrk script: reads around random points near the synthetic data's city clusters.
-- Usage: wrk -t2 -c16 -d30s --latency -s bench/nearby.lua http://127.0.0.1:8080
-- READ picks the read (default nearby): nearby (MINIMAL=true|false, AS_OF=<date|time|position>
-- for the map as it was), tasks (Help nearby, r 1000 m) or areas (a 3 km view's areas).
math.randomseed(42)
local centers = {
  {49.2827, -123.1207}, {40.7128, -74.0060}, {37.7749, -122.4194}, {42.3736, -71.1097},
  {51.5074, -0.1278}, {48.8566, 2.3522}, {52.5200, 13.4050}, {35.6762, 139.6503},
  {-33.8688, 151.2093}, {19.4326, -99.1332}, {-23.5505, -46.6333}, {45.5017, -73.5673},
}
local read = os.getenv("READ") or "nearby"
local minimal = os.getenv("MINIMAL") or "true"
local as_of = os.getenv("AS_OF")
local paths = {
  nearby = function(lat, lon)
    local path = string.format(
      "/api/artworks/nearby?lat=%.5f&lon=%.5f&radius=500&limit=250&minimal=%s", lat, lon, minimal)
    if as_of then path = path .. "&as_of=" .. as_of end
    return path
  end,
  tasks = function(lat, lon)
    return string.format("/api/tasks/nearby?lat=%.5f&lon=%.5f&radius=1000&limit=50", lat, lon)
  end,
  areas = function(lat, lon)
    return string.format("/api/areas?north=%.5f&south=%.5f&east=%.5f&west=%.5f",
      lat + 0.0135, lat - 0.0135, lon + 0.02, lon - 0.02)
  end,
}
local path = paths[read]
request = function()
  local c = centers[math.random(#centers)]
  return wrk.format("GET", path(c[1] + (math.random() - 0.5) * 0.1, c[2] + (math.random() - 0.5) * 0.1))
end
