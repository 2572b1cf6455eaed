-- wrk script: nearby queries at random points around the synthetic data's city clusters.
-- Usage: wrk -t2 -c16 -d30s --latency -s bench/nearby.lua http://127.0.0.1:8080
math.randomseed(42)
local centers = {
  {49.2827, -123.1207}, {40.7128, -74.0060}, {37.7749, -122.4194}, {42.3736, -71.1097},
  {51.5074, -0.1278}, {48.8566, 2.3522}, {52.5200, 13.4050}, {35.6762, 139.6503},
  {-33.8688, 151.2093}, {19.4326, -99.1332}, {-23.5505, -46.6333}, {45.5017, -73.5673},
}
local minimal = os.getenv("MINIMAL") or "true"
request = function()
  local c = centers[math.random(#centers)]
  local lat = c[1] + (math.random() - 0.5) * 0.1
  local lon = c[2] + (math.random() - 0.5) * 0.1
  return wrk.format("GET", string.format(
    "/api/artworks/nearby?lat=%.5f&lon=%.5f&radius=500&limit=250&minimal=%s", lat, lon, minimal))
end
