app_name = "viewer"
urlpatterns = []
